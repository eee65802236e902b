// The local model's entry point: loading it, fill-in-the-middle sessions on
// it, and the decoding pieces (early stop and escalation, prompt lookup, KV cache).
export { loadLocalModel, type LoadedModel } from './local-model';
export { FimSession, completeWithFim, localModelPort, localPromptFor } from './fim-completion';
export { measurementPrompt, warmUp } from './warm-up';
export { truncateKv } from './prompt-cache';
export { DEFAULT_LOOKUP, lookupDraft, type LookupOptions } from './prompt-lookup';
export { BracketScanner } from './bracket-scan';
export { earlyEscalationCheck } from './early-escalation';
export { EarlyStopCriteria, type EarlyStopCheck, type ProbRecorder } from './early-stop-criteria';
export { decodesByWindow, prefixDecoder, type DecodeIds } from './prefix-decoder';
export { TokenTexts } from './token-texts';
export { NO_PARTIAL_MIDDLE_FIELD } from './partial-middle';
