// A slot of the shell: its feature contributions (features.ts) that show now, in order.
import { featuresIn, type SlotName } from './feature-slots';
import { FEATURES } from './features';
import { useShell } from './shell';

export function Slot({ name }: { name: SlotName }) {
  const shell = useShell();
  return (
    <>
      {featuresIn(FEATURES, name, shell).map(({ id, Component }) => (
        <Component key={id} />
      ))}
    </>
  );
}
