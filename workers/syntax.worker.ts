// Thin host: the tree-sitter validator and the live documents off the main
// thread, over comlink (the API is src/checks/syntax-service.ts). Long parses
// pause with a message to the worker itself, not setTimeout(0), which
// browsers clamp (src/platform/message-yield.ts; measured by
// `npx tsx bench/index.ts syntax --browser-only`).
import * as Comlink from 'comlink';
import { createSyntaxService } from '../src/checks/syntax-service';
import { messageYield } from '../src/platform/message-yield';
import { browserSyntaxPort } from '../src/platform/syntax-port';

Comlink.expose(createSyntaxService(browserSyntaxPort(self.location.origin), { yieldToEvents: messageYield }));
