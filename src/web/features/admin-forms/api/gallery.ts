import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { galleryAnswerSchema, type GalleryAnswer } from '../../../../domain/contracts/gallery';
import { apiUrl, getData, sendJson } from '../../../api/http';
import { refreshCatalog } from '../../../api/refresh-catalog';
import { multipartBody, sendMultipart, type ProgressListener } from '../../../api/send-multipart';

/** Under 'admin': every catalogue change (refreshCatalog) asks for the gallery again too. */
const galleryKey = (shoeId: string) => ['admin', 'gallery', shoeId] as const;
const url = (shoeId: string, rest = '') => apiUrl(`/shoes/${encodeURIComponent(shoeId)}/images${rest}`);
const photoUrl = (shoeId: string, imageId: string, rest = '') =>
  url(shoeId, `/${encodeURIComponent(imageId)}${rest}`);

/** `GET /api/shoes/{id}/images`: the gallery in order, the cover first, with each photo's id. */
export function useGallery(shoeId: string) {
  return useQuery({
    queryKey: galleryKey(shoeId),
    queryFn: ({ signal }) => getData(url(shoeId), galleryAnswerSchema, signal),
  });
}

/** `POST /api/shoes/{id}/images` multipart: one photo and its alt text, with upload progress. */
export function uploadPhoto(shoeId: string, file: File, alt: string, onProgress: ProgressListener) {
  return sendMultipart(
    'POST',
    url(shoeId),
    multipartBody({ alt }, { image: file }),
    galleryAnswerSchema,
    onProgress,
  );
}

/**
 * Every change answers the whole gallery: it shows at once, and the shoe (its cover) and the
 * catalogue that shows it are asked for again.
 */
export function useGalleryChange(shoeId: string) {
  const queryClient = useQueryClient();
  const settle = async (answer: GalleryAnswer) => {
    queryClient.setQueryData(galleryKey(shoeId), answer);
    await refreshCatalog(queryClient);
  };
  return {
    settle,
    setAlt: useMutation({
      mutationFn: ({ imageId, alt }: { imageId: string; alt: string }) =>
        sendJson('PUT', photoUrl(shoeId, imageId), { alt }, galleryAnswerSchema),
      onSuccess: settle,
    }),
    reorder: useMutation({
      mutationFn: (ids: string[]) => sendJson('PUT', url(shoeId, '/order'), { ids }, galleryAnswerSchema),
      onSuccess: settle,
    }),
    makeCover: useMutation({
      mutationFn: (imageId: string) =>
        sendJson('PUT', photoUrl(shoeId, imageId, '/cover'), undefined, galleryAnswerSchema),
      onSuccess: settle,
    }),
    remove: useMutation({
      mutationFn: (imageId: string) =>
        sendJson('DELETE', photoUrl(shoeId, imageId), undefined, galleryAnswerSchema),
      onSuccess: settle,
    }),
  };
}
