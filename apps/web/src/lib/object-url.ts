import { useEffect, useState } from 'react';

/** An object URL of bytes fetched with the session (an image behind the sign-in); null until then. */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    if (!blob || typeof URL.createObjectURL !== 'function') return;
    const url = URL.createObjectURL(blob);
    setSource(url);
    return () => {
      URL.revokeObjectURL(url);
      setSource(null);
    };
  }, [blob]);
  return source;
}
