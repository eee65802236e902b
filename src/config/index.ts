// The configuration's entry point: the defaults, the organisation's
// config.json read and judged, and the settings' JSON schema.
export { DEFAULT_CONFIG } from './defaults';
export { judgeOrgConfig, parseOrgConfig } from './org-config';
export { SETTING_ENTRIES, jsonSchemaOf } from './schema';
