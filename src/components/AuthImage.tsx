import { useEffect, useState } from 'react';
import { fetchFile } from '../api/client.ts';

/** An image served by the API, which needs the session: fetched with the token and shown from a blob. */
export function AuthImage({
  src,
  alt,
  className,
}: {
  src: string;
  alt: string;
  className?: string;
}) {
  const [url, setUrl] = useState<string | null>(src.startsWith('blob:') ? src : null);
  useEffect(() => {
    if (src.startsWith('blob:') || !src) return;
    let objectUrl: string | undefined;
    let current = true;
    fetchFile(src)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        if (current) setUrl(objectUrl);
      })
      .catch((error: unknown) => console.error('Could not load the image', error));
    return () => {
      current = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src]);
  return url ? (
    <img src={url} alt={alt} className={className} />
  ) : (
    <span className="muted">{alt}</span>
  );
}
