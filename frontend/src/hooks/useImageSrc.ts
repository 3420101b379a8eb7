import { useEffect, useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { fetchPrivateFile, privateFilePath } from "@/lib/api";

/**
 * What an <img> can show for an image URL from an answer. A public image's URL as it is. A private file's link
 * (support images, vouchers, ID documents) opens only with the session's `token` header, which an <img> cannot
 * send: it is read with the header and shown as an object URL, released when the image goes. Undefined until then
 * (and when the server refuses it). A link signed again by a later answer shows the picture already read meanwhile.
 */
export function useImageSrc(url: string | null | undefined): string | undefined {
  const path = url ? privateFilePath(url) : null;
  const isPrivate = path !== null;
  const file = useQuery({
    queryKey: ["private-file", path],
    queryFn: ({ signal }) => fetchPrivateFile(path!, signal),
    enabled: isPrivate,
    staleTime: Infinity, // a link names one file: read once
    gcTime: 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const blob = isPrivate ? file.data : undefined;
  const [objectUrl, setObjectUrl] = useState<string>();
  useEffect(() => {
    if (!blob) {
      setObjectUrl(undefined);
      return undefined;
    }
    const created = URL.createObjectURL(blob);
    setObjectUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  if (!url) return undefined;
  return isPrivate ? objectUrl : url;
}
