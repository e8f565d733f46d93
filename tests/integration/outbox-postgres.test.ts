import { outboxSuite } from "./outbox-suite";

outboxSuite("postgres");
