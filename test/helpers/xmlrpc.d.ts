// The part of xmlrpc@1.3 (no bundled types) the WordPress door's test drives.
declare module 'xmlrpc' {
  interface ClientOptions {
    host?: string;
    port?: number;
    path?: string;
    url?: string;
    basic_auth?: { user: string; pass: string };
    headers?: Record<string, string>;
  }
  /** A fault answer: the error the callback receives. */
  interface XmlRpcFault extends Error {
    faultCode?: number;
    faultString?: string;
    res?: { statusCode?: number; headers: Record<string, string | string[] | undefined> };
  }
  interface Client {
    methodCall(
      method: string,
      params: unknown[],
      callback: (error: XmlRpcFault | null, value: unknown) => void
    ): void;
  }
  function createClient(options: ClientOptions | string): Client;
}
