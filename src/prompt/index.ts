// The prompt's entry point: the window of the document a prompt carries and
// the local model's prompt with workspace snippets.
export { windowContext } from './context-window';
export { buildLocalPrompt } from './prompt';
