// The part of wpapi@1.2 (no bundled types) the WordPress core API test drives.
declare module 'wpapi' {
  // Answers are WordPress JSON of many shapes; the test asserts on them field by field.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Answer = any;
  interface WPRequest {
    id(id: number): WPRequest;
    me(): WPRequest;
    search(text: string): WPRequest;
    slug(slug: string): WPRequest;
    perPage(count: number): WPRequest;
    page(page: number): WPRequest;
    param(name: string, value: unknown): WPRequest;
    context(name: string): WPRequest;
    file(bytes: Buffer, name: string): WPRequest;
    get(): Promise<Answer>;
    create(data: object): Promise<Answer>;
    update(data: object): Promise<Answer>;
  }
  interface Options {
    endpoint: string;
    username?: string;
    password?: string;
    auth?: boolean;
  }
  class WPAPI {
    constructor(options: Options);
    /** Finds the API from a site's address (its pages' `Link` header) and reads its routes. */
    static discover(url: string): Promise<WPAPI>;
    users(): WPRequest;
    posts(): WPRequest;
    categories(): WPRequest;
    tags(): WPRequest;
    media(): WPRequest;
  }
  export = WPAPI;
}
