/**
 * A controlled control's props: what it shows, and what it reports when the admin changes it (the new
 * value, or for a pager the page asked for).
 */
export interface ControlProps<Value, Change = Value> {
  value: Value;
  onChange: (next: Change) => void;
}
