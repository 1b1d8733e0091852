// Forms that need a connection (checkout: purchases): refused at once while the browser is offline, with a clear
// message, instead of a failed request. Without JavaScript the form simply posts.
import { useState, type FormEvent } from "react";
import { OFFLINE_MESSAGES } from "~/lib/offline/messages.ts";
import { isOffline } from "~/lib/offline/online.ts";

export function useOnlineOnlySubmit(next?: (event: FormEvent<HTMLFormElement>) => void) {
  const [refused, setRefused] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (isOffline()) {
      event.preventDefault();
      setRefused(OFFLINE_MESSAGES.needsConnection);
      return;
    }
    setRefused(null);
    next?.(event);
  };
  return { refused, onSubmit };
}
