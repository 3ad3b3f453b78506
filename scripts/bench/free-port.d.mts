/** A TCP port on 127.0.0.1 that nothing listens on now. */
export declare function freePort(): Promise<number>;
