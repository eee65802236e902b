// The completion engine's boundary types live in the shared vocabulary (src/vocabulary).
export * from '../vocabulary/types';
