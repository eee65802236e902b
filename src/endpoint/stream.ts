// One parser for every response body the servers send, decoded into JSON
// messages: SSE with or without the final `data: [DONE]` (OpenAI-style
// routes; llama.cpp's native routes), NDJSON (Ollama), or one JSON body.
// It only splits and decodes; deciding whether a stream ended properly is
// the protocol's job (a `[DONE]`, a `finish_reason`, `stop: true`, `done: true`).
// Not a library SSE parser: llama.cpp's `error:` line is no SSE field, which such a parser reports apart from
// the event it belongs to, and the one line splitter here serves NDJSON too.
import { EndpointError } from './errors';

export type StreamFormat = 'sse' | 'ndjson' | 'json';

export type StreamMessage =
  | { kind: 'data'; value: unknown }
  /** SSE `data: [DONE]`: the OpenAI end-of-stream marker. */
  | { kind: 'done' };

/** The body format from the Content-Type, falling back to what was asked for. */
export function formatOf(contentType: string | null, requested: StreamFormat): StreamFormat {
  const ct = (contentType ?? '').toLowerCase();
  if (ct.includes('text/event-stream')) return 'sse';
  if (ct.includes('ndjson') || ct.includes('jsonl') || ct.includes('jsonlines')) return 'ndjson';
  if (ct.includes('application/json')) return 'json';
  return requested;
}

function decode(text: string, host: string, what: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new EndpointError('malformed', `${host} sent ${what} that is not JSON: ${JSON.stringify(text.slice(0, 80))}`);
  }
}

async function* lines(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<{ line: string; terminated: boolean }> {
  const dec = new TextDecoder();
  let buf = '';
  for await (const c of chunks) {
    buf += dec.decode(c, { stream: true });
    // SSE allows CRLF, LF and CR line ends; a CR at the very end may be half of a CRLF, so wait for more
    for (let m = /\r\n|\n|\r(?!$)/.exec(buf); m; m = /\r\n|\n|\r(?!$)/.exec(buf)) {
      yield { line: buf.slice(0, m.index), terminated: true };
      buf = buf.slice(m.index + m[0].length);
    }
  }
  buf += dec.decode();
  if (buf.endsWith('\r')) buf = buf.slice(0, -1);
  if (buf) yield { line: buf, terminated: false };
}

async function* sse(chunks: AsyncIterable<Uint8Array>, host: string): AsyncGenerator<StreamMessage> {
  let data: string[] = [];
  let errorEvent = false;
  for await (const { line, terminated } of lines(chunks)) {
    if (!terminated) break; // an event not closed by a blank line is incomplete: discarded, as the spec says
    if (line === '') {
      if (data.length) {
        const text = data.join('\n');
        if (text.trim() === '[DONE]') yield { kind: 'done' };
        else {
          const value = decode(text, host, 'a stream event');
          // llama.cpp sends errors as an `error:` field (or `event: error`): surface them as {error}
          yield { kind: 'data', value: errorEvent && !(value && typeof value === 'object' && 'error' in value) ? { error: value } : value };
        }
      }
      data = [];
      errorEvent = false;
      continue;
    }
    if (line.startsWith(':')) continue; // comment / keep-alive
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'error') {
      data.push(value);
      errorEvent = true;
    } else if (field === 'event' && value === 'error') errorEvent = true;
    // id, retry and unknown fields are ignored
  }
}

async function* ndjson(chunks: AsyncIterable<Uint8Array>, host: string): AsyncGenerator<StreamMessage> {
  for await (const { line, terminated } of lines(chunks)) {
    if (!line.trim()) continue;
    if (!terminated) {
      // the last line without its newline: a complete object is fine, a fragment means the stream was cut
      let v: unknown;
      try {
        v = JSON.parse(line);
      } catch {
        return;
      }
      yield { kind: 'data', value: v };
      return;
    }
    yield { kind: 'data', value: decode(line, host, 'a stream line') };
  }
}

async function* json(chunks: AsyncIterable<Uint8Array>, host: string): AsyncGenerator<StreamMessage> {
  const dec = new TextDecoder();
  let text = '';
  for await (const c of chunks) text += dec.decode(c, { stream: true });
  text += dec.decode();
  yield { kind: 'data', value: decode(text, host, 'an answer') };
}

export function readMessages(chunks: AsyncIterable<Uint8Array>, format: StreamFormat, host: string): AsyncGenerator<StreamMessage> {
  return format === 'sse' ? sse(chunks, host) : format === 'ndjson' ? ndjson(chunks, host) : json(chunks, host);
}
