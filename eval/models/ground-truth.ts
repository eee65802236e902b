// The benchmark's own middles as the "model": the sanity check (the harness
// must pass them), and an oracle large model for routing simulations.
import type { CompletionSource } from './types';

export function groundTruthSource(role: 'local' | 'large' = 'large'): CompletionSource {
  return {
    name: 'ground-truth',
    role,
    complete: async (task) => ({ text: task.groundTruth, tokenProbs: null, ms: 0 }),
  };
}
