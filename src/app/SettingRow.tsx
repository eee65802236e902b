// The Settings panel's controls for the schema's settings (src/vocabulary/settings.ts): each
// setting's record says which control it gets, its label, hint and test id.
import { isLocked, panelRows, type PanelRow } from '../config/schema';
import type { AppConfig } from '../vocabulary/config';
import type { SettingSection } from '../vocabulary/settings';

/** One setting's control, as its record in the settings schema describes it. */
function SettingRow({ row, value, locked, onChange }: { row: PanelRow; value: unknown; locked: boolean; onChange: (v: unknown) => void }) {
  const { setting, ui } = row;
  switch (setting.kind) {
    case 'boolean':
      return (
        <label title={ui.hint}>
          <input
            type="checkbox"
            checked={value === true}
            disabled={locked}
            onChange={(e) => onChange(e.target.checked)}
            data-testid={ui.testId}
          />{' '}
          {ui.label}
        </label>
      );
    case 'choice':
      return (
        <label title={ui.hint}>
          {ui.label}{' '}
          <select value={String(value)} onChange={(e) => onChange(e.target.value)} disabled={locked} data-testid={ui.testId}>
            {setting.options.map((o) => (
              <option key={o}>{o}</option>
            ))}
          </select>
        </label>
      );
    case 'number':
      return (
        <label title={ui.hint}>
          {ui.label}{' '}
          <input
            type="number"
            step={ui.step}
            min={setting.min}
            max={setting.max}
            value={Number(value)}
            disabled={locked}
            onChange={(e) => onChange(Number(e.target.value))}
            data-testid={ui.testId}
          />
        </label>
      );
  }
}

/** Every setting of one section, each with its control; locked ones are shown but cannot be changed. */
export function SectionRows({
  section,
  values,
  locks,
  onChange,
}: {
  section: SettingSection;
  values: Record<string, unknown>;
  locks: Pick<AppConfig['privacy'], 'lockMode' | 'lockEndpoint' | 'allowedEndpoints'>;
  onChange: (path: string, value: unknown) => void;
}) {
  return panelRows(section).map((row) => (
    <SettingRow
      key={row.path}
      row={row}
      value={values[row.path]}
      locked={isLocked(row.setting, locks)}
      onChange={(v) => onChange(row.path, v)}
    />
  ));
}
