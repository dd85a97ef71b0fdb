/**
 * Which filters in the address a filter form's draft should take: those that arrive from outside (Back,
 * Forward, a shared link), never the form's own applied ones, and nothing while the address has not changed.
 * A render before the address catches up with an apply (the user typing meanwhile) sees the old filters
 * still: taking them then would throw away what was typed, and it did.
 */
export class AddressFilters {
  private applied: string | null = null;

  constructor(private seen: string) {}

  /** The form applied filters whose key is `key` (they will arrive in the address). */
  apply(key: string): void {
    this.applied = key;
  }

  /** The address holds filters of key `key` in this render: whether the draft should be replaced by them. */
  arrived(key: string): boolean {
    if (key === this.seen) return false;
    this.seen = key;
    return key !== this.applied;
  }
}
