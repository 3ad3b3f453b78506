/** The checkout's root folder. */
export declare const root: string;
/** True when the last build exists and no input changed since it was made. */
export declare function isBuildCurrent(): boolean;
/** Build the UI into dist/client and the server into dist/server/main.mjs. */
export declare function build(): Promise<void>;
/** Build when missing or stale; returns whether it built. */
export declare function buildIfStale(): Promise<boolean>;
