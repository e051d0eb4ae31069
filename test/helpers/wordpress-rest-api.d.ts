// The part of wordpress-rest-api@0.8 (the old wpapi, no bundled types) the anonymous reads test drives.
declare module 'wordpress-rest-api' {
  // Answers are WordPress JSON; the test asserts on them field by field.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Answer = any;
  interface WPRequest {
    id(id: number): WPRequest;
    get(): Promise<Answer>;
  }
  class WP {
    constructor(options: { endpoint: string; username?: string; password?: string });
    posts(): WPRequest;
  }
  export = WP;
}
