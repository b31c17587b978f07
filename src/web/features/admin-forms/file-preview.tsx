import { useEffect, useRef } from 'react';

interface FilePreviewProps {
  file: File;
  alt: string;
  className?: string;
}

/**
 * Shows a chosen file before it is uploaded. The object URL lives exactly as long as this
 * <img> shows that file (created and freed in one effect, so StrictMode's double run is safe).
 */
export function FilePreview({ file, alt, className }: FilePreviewProps) {
  const imageRef = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const image = imageRef.current;
    if (!image) return;
    const url = URL.createObjectURL(file);
    image.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return <img ref={imageRef} alt={alt} className={className} />;
}
