import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configSchema, SCHEMA_FILE } from './config-schema';

describe('public/config.schema.json', () => {
  it('is what `npm run config:schema` generates from the config types now', () => {
    expect(fs.readFileSync(SCHEMA_FILE, 'utf8'), 'stale: run npm run config:schema').toBe(configSchema());
  });

  it('describes the keys config.json has, lists as lists, and rejects unknown keys', () => {
    const schema = JSON.parse(fs.readFileSync(SCHEMA_FILE, 'utf8'));
    const layer = schema.definitions.ConfigLayer;
    expect(layer.additionalProperties).toBe(false);
    expect(Object.keys(layer.properties)).toEqual(
      expect.arrayContaining(['$schema', 'model', 'catalog', 'endpoint', 'privacy', 'router', 'editor', 'context']),
    );
    const privacy = layer.properties.privacy.anyOf[0];
    expect(privacy.properties.allowedEndpoints.anyOf[0]).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(layer.properties.catalog.anyOf[0].type).toBe('array');
    expect(privacy.properties.mode.enum).toEqual(['escalate', 'local-only']);
  });

  it('is the one public/config.json names', () => {
    expect(JSON.parse(fs.readFileSync(new URL('../public/config.json', import.meta.url), 'utf8')).$schema).toBe('./config.schema.json');
  });
});
