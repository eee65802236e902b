// What screen readers hear about suggestions, and the last completion error:
// each subscribed to the completion store, so a result re-renders these only.
import { useEffect, useRef, useState } from 'react';
import type { CompletionStore } from './completion-state';
import { useStore } from './store';

/** Screen readers hear the route when it changes (not every result). */
export function RouteAnnouncer({ completion }: { completion: CompletionStore }) {
  const { result } = useStore(completion);
  const [announcement, setAnnouncement] = useState('');
  const lastRoute = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!result || result.route === lastRoute.current) return;
    lastRoute.current = result.route;
    const words = {
      local: 'Local: no code left this machine',
      escalated: `Escalated: code sent to ${result.destination ?? 'the server'}`,
      blocked: 'Kept local: nothing left this machine',
      failed: 'Escalation failed',
    } as const;
    setAnnouncement(`Suggestion route changed. ${words[result.route]}.`);
  }, [result]);
  return (
    <div className="sr-only" aria-live="assertive" role="status" data-testid="route-announcer">
      {announcement}
    </div>
  );
}

export function CompletionError({ completion }: { completion: CompletionStore }) {
  const { error } = useStore(completion);
  return error ? (
    <p className="card card-error" role="alert" data-testid="completion-error">
      Completion failed: {error}
    </p>
  ) : null;
}
