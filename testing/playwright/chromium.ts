// How every test and benchmark starts Chromium: Debian's, never a downloaded
// browser. --no-sandbox lets it start as root in a container; the
// background-networking, component-update and sync flags keep it from calling
// out to the (closed) network; QUIC off keeps every request on plain HTTP to
// the loopback servers.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** WebGPU in headless Chromium (the adapter is SwiftShader where there is no GPU). */
export const WEBGPU_ARG = '--enable-unsafe-webgpu';
