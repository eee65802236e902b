// FIM templates are part of the shared vocabulary (src/vocabulary/fim.ts).
export * from '../vocabulary/fim';
