// `npm run config:schema`: public/config.schema.json, the JSON Schema of
// public/config.json, so editors check the file as it is typed: the compound
// parts generated from the config types (src/vocabulary/config.ts,
// `ConfigLayer`), each plain setting from its record in the settings schema
// (src/vocabulary/settings.ts: type, range or options, default, description).
// scripts/config-schema.test.ts fails when the committed schema is stale.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import {
  createFormatter,
  createParser,
  createProgram,
  DEFAULT_CONFIG,
  ObjectType,
  SchemaGenerator,
  type BaseType,
  type CompletedConfig,
  type SubNodeParser,
} from 'ts-json-schema-generator';
import { jsonSchemaOf, SETTING_ENTRIES } from '../src/config';

const root = fileURLToPath(new URL('..', import.meta.url));
export const SCHEMA_FILE = path.join(root, 'public', 'config.schema.json');

const SETTINGS_FILE = path.join(root, 'src', 'vocabulary', 'settings.ts');

/**
 * The types derived from the settings schema, as empty objects: the
 * generator cannot read types computed from the records, and the records
 * themselves give those settings' schemas below.
 */
function derivedSettingsParser(checker: ts.TypeChecker): SubNodeParser {
  const nameOf = (node: ts.Node) =>
    ts.isTypeReferenceNode(node) ? node.typeName : ts.isExpressionWithTypeArguments(node) ? node.expression : undefined;
  return {
    supportsNode(node) {
      const name = nameOf(node);
      let symbol = name && checker.getSymbolAtLocation(name);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      return !!symbol?.declarations?.some((d) => path.resolve(d.getSourceFile().fileName) === SETTINGS_FILE);
    },
    createType(node): BaseType {
      return new ObjectType(`settings-${nameOf(node)!.getText()}`, [], [], false);
    },
  };
}

export function configSchema(): string {
  const config: CompletedConfig = {
    ...DEFAULT_CONFIG,
    path: path.join(root, 'src', 'vocabulary', 'config.ts'),
    tsconfig: path.join(root, 'tsconfig.json'),
    type: 'ConfigLayer',
    // The types' doc comments become the descriptions an editor shows.
    jsDoc: 'extended',
    skipTypeCheck: true,
    // Everything inlined: generated definition names hash source positions.
    expose: 'none',
  };
  const program = createProgram(config);
  const parser = createParser(program, config, (p) => p.addNodeParser(derivedSettingsParser(program.getTypeChecker())));
  const schema = new SchemaGenerator(program, parser, createFormatter(config), config).createSchema('ConfigLayer');
  const layer = (schema.definitions as Record<string, JsonObject>).ConfigLayer;
  for (const { path, setting } of SETTING_ENTRIES) {
    const keys = path.split('.');
    let node = layer;
    for (const k of keys.slice(0, -1)) node = objectBranch(node.properties[k], path);
    node.properties[keys[keys.length - 1]] = jsonSchemaOf(setting);
  }
  return JSON.stringify({ ...schema, title: 'Router IDE config.json (docs/configuration.md)' }, null, 2) + '\n';
}

interface JsonObject {
  properties: Record<string, unknown>;
}

/** The object schema of a group: a group a layer may set to null is `anyOf` an object and null. */
function objectBranch(node: unknown, path: string): JsonObject {
  type Node = { type?: unknown; properties?: Record<string, unknown>; anyOf?: Node[] };
  const n = node as Node | undefined;
  const branch = n?.type === 'object' ? n : n?.anyOf?.find((b) => b.type === 'object');
  if (!branch) throw new Error(`config:schema: no object schema in the config types on the way to ${path}`);
  // A group wholly declared in the settings schema comes from the generator without properties.
  branch.properties ??= {};
  return branch as JsonObject;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  fs.writeFileSync(SCHEMA_FILE, configSchema());
  console.log(`wrote ${path.relative(root, SCHEMA_FILE)}`);
}
