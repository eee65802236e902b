// One Git operation at a time: each starts when the one before has ended,
// whether it succeeded or failed. Two operations interleaving on one
// repository (a status refresh writing the working tree while a pull moves
// the branch) could read each other's half-written state.
export class OpQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(op: () => Promise<T>): Promise<T> {
    const next = this.tail.then(op, op);
    this.tail = next.catch(() => undefined);
    return next;
  }
}
