/** The types of what eslint.config.js exports, for the tests that read it (scripts/lint-boundaries.test.ts, scripts/module-graph.test.ts). */
import type { Linter } from "eslint";

export declare const boundaries: Linter.Config[];
/** The module folders of app/modules, lowest first: each imports only those before it; "public" never imports "staff". */
export declare const moduleOrder: readonly { name: string; side: "public" | "staff" }[];
declare const config: Linter.Config[];
export default config;
