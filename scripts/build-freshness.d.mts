export declare const buildSources: readonly string[];
export declare function changedSince(root: string, since: number, sources?: readonly string[]): string | undefined;
export declare function rebuildReason(root: string, serverBuild: string): string | undefined;
