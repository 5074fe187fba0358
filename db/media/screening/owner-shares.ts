/**
 * How many screenings each owner has waiting or running, so that one person's uploads never fill the screening queue:
 * an owner's share is `perOwner` places, and their next one is refused while they hold them all.
 */
export class OwnerShares {
  private readonly held = new Map<number, number>();

  constructor(readonly perOwner: number) {}

  /** Takes one of the owner's places and answers its release (idempotent), or null when they hold them all. */
  take(ownerId: number): (() => void) | null {
    const count = this.held.get(ownerId) ?? 0;
    if (count >= this.perOwner) return null;
    this.held.set(ownerId, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.held.get(ownerId) ?? 1) - 1;
      if (left === 0) this.held.delete(ownerId);
      else this.held.set(ownerId, left);
    };
  }

  /** Places the owner holds now. */
  of(ownerId: number): number {
    return this.held.get(ownerId) ?? 0;
  }
}
