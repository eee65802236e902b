// What each fixture model is designed to say. Tests and other code compare
// against these values, never against copies of them.
import { EOS_TOKEN, specialTokenId, textTokenIds, type SpecialToken } from './tokenizer';

export interface FixtureDesign {
  /** Folder name under public/models/fixtures/ (other code refers to these names). */
  name: string;
  description: string;
  /** The middle the model emits after `<|fim_middle|>`, before the stop token. */
  completion: string;
  /** Probability of each completion token (one token per UTF-8 byte), in order. */
  tokenProbs: readonly number[];
  /** The token that ends the completion, and its probability. */
  stopToken: SpecialToken;
  stopProb: number;
  /**
   * The token the first step ranks second (one byte of text) and its
   * probability; absent: every other token shares what the designed one
   * leaves, so the second rank is a tie. The steps after it are the designed
   * ones: the model replays by position, whatever it was given.
   */
  runnerUp?: { text: string; prob: number };
}

export const FIXTURE_DESIGNS = [
  {
    name: 'fixture-valid',
    description: 'Confident, syntactically valid completion: "a + b".',
    completion: 'a + b',
    tokenProbs: [0.99, 0.98, 0.97, 0.98, 0.99],
    stopToken: EOS_TOKEN,
    stopProb: 0.98,
    // The second-best first token: "b + b" is what that alternative says.
    runnerUp: { text: 'b', prob: 0.006 },
  },
  {
    name: 'fixture-invalid',
    description: 'Confident completion with an unclosed parenthesis: "a + (b".',
    completion: 'a + (b',
    tokenProbs: [0.99, 0.98, 0.97, 0.98, 0.97, 0.99],
    stopToken: EOS_TOKEN,
    stopProb: 0.98,
  },
  {
    name: 'fixture-uncertain',
    description: 'Valid completion "a + b" where every token is uncertain (still the argmax).',
    completion: 'a + b',
    tokenProbs: [0.35, 0.32, 0.38, 0.31, 0.36],
    stopToken: EOS_TOKEN,
    stopProb: 0.34,
  },
] as const satisfies readonly FixtureDesign[];

export type FixtureName = (typeof FIXTURE_DESIGNS)[number]['name'];

export function fixtureDesign(name: FixtureName): FixtureDesign {
  const d = FIXTURE_DESIGNS.find((x) => x.name === name);
  if (!d) throw new Error(`unknown fixture model ${name}`);
  return d;
}

export interface DesignedStep {
  id: number;
  prob: number;
  /** The second-ranked token of this step, where the design names one (the first step only). */
  runnerUp?: { id: number; prob: number };
}

/** The designed output as (token id, probability) rows, the stop token last. */
export function designedSteps(d: FixtureDesign): DesignedStep[] {
  const ids = textTokenIds(d.completion);
  if (ids.length !== d.tokenProbs.length) {
    throw new Error(`${d.name}: ${ids.length} tokens but ${d.tokenProbs.length} probabilities`);
  }
  const runnerUp = d.runnerUp && { id: runnerUpId(d), prob: d.runnerUp.prob };
  return [
    ...ids.map((id, i) => ({ id, prob: d.tokenProbs[i], ...(i === 0 && runnerUp && { runnerUp }) })),
    { id: specialTokenId(d.stopToken), prob: d.stopProb },
  ];
}

function runnerUpId(d: FixtureDesign): number {
  const ids = textTokenIds(d.runnerUp!.text);
  if (ids.length !== 1 || ids[0] === textTokenIds(d.completion)[0]) {
    throw new Error(`${d.name}: the runner-up must be one token other than the first designed one`);
  }
  return ids[0];
}
