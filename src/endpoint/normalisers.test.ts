// The pure pieces every protocol shares: stream framing, logprob shapes,
// error shapes, and the control-character policy.
import { describe, expect, it } from 'vitest';
import { EndpointError, httpError, networkError } from './errors';
import { tokensFromLogprobs } from './logprobs';
import { stripControls } from './sanitize';
import { formatOf, readMessages, type StreamFormat, type StreamMessage } from './stream';

async function* chunked(text: string, sizes: number[]): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  for (let i = 0; at < bytes.length; i++) {
    const n = sizes[i % sizes.length];
    yield bytes.subarray(at, at + n);
    at += n;
  }
}

async function all(text: string, format: StreamFormat, sizes = [1000]): Promise<StreamMessage[]> {
  const out: StreamMessage[] = [];
  for await (const m of readMessages(chunked(text, sizes), format, 'h:1')) out.push(m);
  return out;
}

describe('stream parser', () => {
  const sse = 'data: {"a":1}\n\n: keep-alive\n\ndata: {"a":2}\r\n\r\ndata: [DONE]\n\n';
  it.each([[[1000]], [[1]], [[3, 7]]])('reads SSE with [DONE] whatever the chunking (%o)', async (sizes) => {
    expect(await all(sse, 'sse', sizes)).toEqual([{ kind: 'data', value: { a: 1 } }, { kind: 'data', value: { a: 2 } }, { kind: 'done' }]);
  });

  it('reads SSE without [DONE] and joins multi-line data', async () => {
    expect(await all('event: message\ndata: {"a":\ndata: 1}\n\ndata:{"b":2}\n\n', 'sse')).toEqual([
      { kind: 'data', value: { a: 1 } },
      { kind: 'data', value: { b: 2 } },
    ]);
  });

  it('drops an event not closed by a blank line (a cut stream), as the SSE spec says', async () => {
    expect(await all('data: {"a":1}\n\ndata: {"a":', 'sse')).toEqual([{ kind: 'data', value: { a: 1 } }]);
  });

  it("surfaces llama.cpp's `error:` field and `event: error` as {error}", async () => {
    expect(await all('error: {"code":500,"message":"boom"}\n\nevent: error\ndata: "bad"\n\n', 'sse')).toEqual([
      { kind: 'data', value: { error: { code: 500, message: 'boom' } } },
      { kind: 'data', value: { error: 'bad' } },
    ]);
  });

  it('keeps multi-byte UTF-8 split across chunks intact', async () => {
    const msgs = await all('data: {"t":"é—𝄞"}\n\n', 'sse', [9, 1, 1, 1]);
    expect(msgs).toEqual([{ kind: 'data', value: { t: 'é—𝄞' } }]);
  });

  it('reads NDJSON, tolerating a final line without newline but not a fragment', async () => {
    expect(await all('{"a":1}\n\n{"a":2}', 'ndjson', [2])).toEqual([
      { kind: 'data', value: { a: 1 } },
      { kind: 'data', value: { a: 2 } },
    ]);
    expect(await all('{"a":1}\n{"a":', 'ndjson')).toEqual([{ kind: 'data', value: { a: 1 } }]);
  });

  it('names malformed JSON', async () => {
    await expect(all('data: {"a":\n\n', 'sse')).rejects.toThrow(/h:1 sent a stream event that is not JSON/);
    await expect(all('{"choices": [', 'json')).rejects.toThrow(/not JSON/);
  });

  it('picks the format from the Content-Type, else what was asked', () => {
    expect(formatOf('text/event-stream; charset=utf-8', 'json')).toBe('sse');
    expect(formatOf('application/x-ndjson', 'sse')).toBe('ndjson');
    expect(formatOf('application/json', 'sse')).toBe('json');
    expect(formatOf(null, 'ndjson')).toBe('ndjson');
  });
});

describe('logprob normaliser', () => {
  it('reads the legacy completions shape, including vLLM token ids', () => {
    expect(tokensFromLogprobs({ tokens: ['a', 'token_id:42'], token_logprobs: [0, Math.log(0.5)], top_logprobs: [] })).toEqual([
      { id: -1, text: 'a', prob: 1 },
      { id: 42, text: 'token_id:42', prob: 0.5 },
    ]);
  });
  it('reads the content[] shape and bare arrays (Ollama, llama.cpp native, post-sampling probs, old llama.cpp)', () => {
    expect(tokensFromLogprobs({ content: [{ id: 7, token: 'x', logprob: 0, bytes: [120], top_logprobs: [] }] })).toEqual([
      { id: 7, text: 'x', prob: 1 },
    ]);
    expect(tokensFromLogprobs([{ token: 'y', logprob: Math.log(0.25) }])).toEqual([{ id: -1, text: 'y', prob: 0.25 }]);
    expect(tokensFromLogprobs([{ id: 3, token: 'z', prob: 0.9 }])).toEqual([{ id: 3, text: 'z', prob: 0.9 }]);
    expect(
      tokensFromLogprobs([
        {
          content: 'w',
          probs: [
            { tok_str: 'v', prob: 0.1 },
            { tok_str: 'w', prob: 0.8 },
          ],
        },
      ]),
    ).toEqual([{ id: -1, text: 'w', prob: 0.8 }]);
  });
  it('returns undefined for null, absent or unknown shapes, and skips null logprobs', () => {
    expect(tokensFromLogprobs(null)).toBeUndefined();
    expect(tokensFromLogprobs(undefined)).toBeUndefined();
    expect(tokensFromLogprobs({ foo: 1 })).toBeUndefined();
    expect(tokensFromLogprobs({ tokens: ['a', 'b'], token_logprobs: [null, 0] })).toEqual([{ id: -1, text: 'b', prob: 1 }]);
  });
});

describe('error normaliser', () => {
  // The server's own words, as an error message carries them after the status.
  const withSaid = (said: string | undefined) =>
    `h:1 rejected the API key (HTTP 401)${said === undefined ? '' : `: ${said}`}. Check the token in Settings.`;
  const messageFor = (body: string) => httpError(401, body, 'h:1').message;

  it.each([
    ['{"error":{"message":"CUDA out of memory","type":"InternalServerError","code":500}}', 'CUDA out of memory'],
    ['{"error":"model \\"x\\" not found"}', 'model "x" not found'],
    ['{"error":"Input validation error","error_type":"validation"}', 'Input validation error'],
    ['{"object":"error","message":"old vllm","type":"BadRequestError","code":400}', 'old vllm'],
    [
      '{"detail":[{"loc":["body","max_tokens"],"msg":"Input should be a valid integer"}]}',
      'body.max_tokens: Input should be a valid integer',
    ],
    ['<html><head><title>502 Bad Gateway</title></head><body><h1>nginx</h1></body></html>', '502 Bad Gateway'],
    ['', undefined],
  ])('reads %s', (body, said) => {
    expect(messageFor(body)).toBe(withSaid(said));
  });

  it('strips control characters from what the server says', () => {
    expect(messageFor('{"error":"bad\\u001b[31m red\\u001b[0m"}')).toBe(withSaid('bad red'));
  });

  it('maps statuses to kinds with an actionable message', () => {
    expect(httpError(401, '', 'h:1', { hasApiKey: false }).message).toMatch(/rejected the API key \(HTTP 401\)\. No API key is set/);
    const rl = httpError(429, '', 'h:1', { retryAfter: '12' });
    expect([rl.kind, rl.retryAfterMs]).toEqual(['rate-limit', 12_000]);
    expect(rl.message).toMatch(/Try again in 12 s/);
    expect(httpError(404, '{"detail":"Not Found"}', 'h:1', { protocol: 'llamacpp-infill' }).message).toMatch(
      /no such route.*llamacpp-infill/,
    );
    expect(httpError(503, '', 'h:1').kind).toBe('server');
  });

  it('names the CORS fix on every network failure (browsers cannot tell refused from CORS)', () => {
    const e = networkError('gpu:8000', new TypeError('Failed to fetch'));
    expect(e).toBeInstanceOf(EndpointError);
    expect(e.message).toMatch(
      /Cannot reach gpu:8000 \(Failed to fetch\).*does not allow this page's origin: set --allowed-origins.*--cors.*OLLAMA_ORIGINS/,
    );
  });

  it('with an API key, names the preflight: TGI allows only content-type, so a proxy or no key', () => {
    const e = networkError('tgi:8080', new TypeError('Failed to fetch'), { withAuthorization: true });
    expect(e.message).toMatch(/Cannot reach tgi:8080 \(Failed to fetch\)\. If the server is up, this request carries an API key/);
    expect(e.message).toContain("TGI's CORS layer allows only the content-type header");
    expect(e.message).toMatch(/reverse proxy that adds CORS.*or use no key on a private network/);
    expect(networkError('tgi:8080', new TypeError('Failed to fetch')).message).not.toContain('API key');
  });
});

describe('control characters in completion text', () => {
  it('removes whole terminal escape sequences, C0/C1 controls, lone CR and bidi overrides', () => {
    const evil = 'a\x1b[31m + \x1b[0mb\x1b]0;pwned\x07\x1b]8;;http://x\x1b\\c\x9b2J\x07\x00\u202eq\u2066\rz\x1bP1$r\x1b\\';
    const r = stripControls(evil);
    expect(r.text).toBe('a + bcqz');
    expect(r.removed).toBe(evil.length - r.text.length);
  });
  it('keeps tabs, newlines, CRLF, Unicode and HTML as they are', () => {
    const code = '\tif (a) {\r\n  x = "<script>alert(1)</script>é";\n}';
    expect(stripControls(code)).toEqual({ text: code, removed: 0 });
  });
});
