// The part of @activepieces/piece-wordpress@0.7 (one bundled file, no types) the real-clients test drives.
declare module '@activepieces/piece-wordpress' {
  /** What the Activepieces runtime hands an action's `run`: its connection and the form's values. */
  interface ActionContext {
    auth: { type: string; props: { website_url: string; username: string; password: string } };
    propsValue: Record<string, unknown>;
  }
  interface Action {
    name: string;
    run(context: ActionContext): Promise<unknown>;
  }
  interface Piece {
    actions(): Record<string, Action | undefined>;
  }
  export const wordpress: Piece;
}
