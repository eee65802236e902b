// The first token by rank: an alternative completion starts with the token
// the model ranks second (or lower) at the first step, then decodes greedily
// from there. Over the prompt's cache it costs one short generation: the
// prompt is the one the best completion read.
import { LogitsProcessor, Tensor } from '@huggingface/transformers';

/**
 * The id ranked `rank` (1: the best) in `row`, ties going to the lower id as
 * the greedy choice does; undefined when fewer than `rank` ids can be chosen
 * (the rest are -Infinity: a constraint such as token healing ruled them out).
 */
function idAtRank(row: ArrayLike<number>, rank: number): number | undefined {
  const taken: number[] = [];
  for (let r = 0; r < rank; r++) {
    let best = -1;
    for (let i = 0; i < row.length; i++) {
      if (row[i] === -Infinity || Number.isNaN(row[i]) || taken.includes(i)) continue;
      if (best < 0 || row[i] > row[best]) best = i;
    }
    if (best < 0) return undefined;
    taken.push(best);
  }
  return taken[rank - 1];
}

/**
 * At the first generated step (the input is still the prompt), leaves only
 * the id of the given rank choosable. Placed after the probability recorder
 * and working on a copy, so the recorded probability is the model's own for
 * that token (low, as a runner-up's is). Where no id has that rank, the
 * logits pass unchanged: the alternative is then the best completion again,
 * which the caller drops as no alternative.
 */
export class FirstTokenAtRank extends LogitsProcessor {
  /** The id it chose, once the first step was seen. */
  chosen: number | undefined;

  constructor(
    private readonly promptLength: number,
    private readonly rank: number,
  ) {
    super();
  }

  // Returns new logits: LogitsProcessorList passes the return value on (see local-model.ts's recorder).
  override _call(inputIds: bigint[][], logits: Tensor): Tensor {
    if (inputIds[0].length !== this.promptLength) return logits;
    const vocab = logits.dims.at(-1) ?? 0;
    const row = (logits.data as Float32Array).subarray(0, vocab);
    const id = idAtRank(row, this.rank);
    if (id === undefined) return logits;
    this.chosen = id;
    const only = new Float32Array(vocab).fill(-Infinity);
    only[id] = row[id];
    return new Tensor('float32', only, logits.dims.slice());
  }
}
