import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_IMAGES, validateVideo, type TitledMessage } from '@autoreel/core';
import { useHost } from '../platform/HostContext.tsx';
import type { HeldFile, PickedFile } from '../platform/host.ts';
import { movedItem, withCover } from './media-order.ts';

export type VideoState =
  | { status: 'empty' }
  | { status: 'preparing'; original: PickedFile; progress: number | null }
  | { status: 'ready'; original: PickedFile; file: PickedFile | HeldFile; transformed: boolean }
  | { status: 'failed'; original: PickedFile; message: string };

/** Video types only: the chooser lists videos (and a phone offers its camera), never documents or photos. */
export const VIDEO_ACCEPT = 'video/mp4,video/quicktime,video/webm,video/*';
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';
export const VIDEO_PREPARE_FAILED = 'This video could not be prepared for upload.';
export const PHOTO_TYPE_ERROR = 'Only photos (JPG, PNG, WebP or GIF) can be added.';
export const photoLimitError = (max: number) => `A listing can have at most ${max} photos.`;

function messageOf(error: unknown): string {
  return error instanceof Error && error.message.trim() !== '' ? error.message : VIDEO_PREPARE_FAILED;
}

/**
 * The Media step's files: one video made ready by the host (transcoded on desktop, as-is on the web) and any
 * number of photos up to the API's cap. Files are kept in memory only; a draft cannot hold them.
 */
export function useWizardMedia(onAlert: (alert: TitledMessage) => void) {
  const host = useHost();
  const [video, setVideo] = useState<VideoState>({ status: 'empty' });
  const [photos, setPhotos] = useState<PickedFile[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const preparing = useRef<AbortController | null>(null);
  // Leaving the wizard stops a transcode nobody will use.
  useEffect(() => () => preparing.current?.abort(), []);

  const prepare = useCallback(
    async (original: PickedFile) => {
      preparing.current?.abort();
      const controller = new AbortController();
      preparing.current = controller;
      setVideo({ status: 'preparing', original, progress: null });
      try {
        const prepared = await host.prepareVideo(
          original,
          (fraction) => {
            if (!controller.signal.aborted)
              setVideo({ status: 'preparing', original, progress: Math.min(1, Math.max(0, fraction)) });
          },
          controller.signal,
        );
        // A host that cannot stop may still answer after Cancel or a newer pick: that answer is dropped.
        if (controller.signal.aborted) return;
        const invalid = validateVideo(prepared.file);
        if (invalid) {
          setVideo({ status: 'failed', original, message: invalid.message });
          return;
        }
        setVideo({ status: 'ready', original, file: prepared.file, transformed: prepared.transformed });
      } catch (error) {
        if (controller.signal.aborted) return;
        setVideo({ status: 'failed', original, message: messageOf(error) });
      } finally {
        if (preparing.current === controller) preparing.current = null;
      }
    },
    [host],
  );

  const pickVideo = useCallback(async () => {
    const [file] = await host.pickFiles({ accept: VIDEO_ACCEPT, multiple: false });
    if (!file) return;
    const invalid = validateVideo(file);
    if (invalid) {
      onAlert(invalid);
      return;
    }
    await prepare(file);
  }, [host, onAlert, prepare]);

  const cancelPreparation = useCallback(() => {
    preparing.current?.abort();
    preparing.current = null;
    setVideo({ status: 'empty' });
  }, []);

  const retry = useCallback(() => {
    if (video.status === 'failed') void prepare(video.original);
  }, [prepare, video]);

  const removeVideo = cancelPreparation;

  const pickPhotos = useCallback(async () => {
    const picked = await host.pickFiles({ accept: PHOTO_ACCEPT, multiple: true });
    if (picked.length === 0) return;
    const usable = picked.filter((file) => file.type.toLowerCase().startsWith('image/'));
    const room = MAX_IMAGES - photos.length;
    let error: string | null = usable.length < picked.length ? PHOTO_TYPE_ERROR : null;
    if (usable.length > room) error = photoLimitError(MAX_IMAGES);
    setPhotoError(error);
    setPhotos((current) => [...current, ...usable.slice(0, Math.max(0, room))]);
  }, [host, photos.length]);

  const removePhoto = useCallback((index: number) => {
    setPhotoError(null);
    setPhotos((current) => current.filter((_, i) => i !== index));
  }, []);

  /** Moves a photo to another place (a drag, or an arrow key on it). */
  const movePhoto = useCallback((from: number, to: number) => {
    setPhotos((current) => movedItem(current, from, to));
  }, []);

  /** The cover is the first photo: choosing one moves it first. */
  const makeCover = useCallback((index: number) => {
    setPhotos((current) => withCover(current, index));
  }, []);

  const reset = useCallback(() => {
    preparing.current?.abort();
    preparing.current = null;
    setVideo({ status: 'empty' });
    setPhotos([]);
    setPhotoError(null);
  }, []);

  return {
    video,
    photos,
    photoError,
    pickVideo,
    cancelPreparation,
    retry,
    removeVideo,
    pickPhotos,
    removePhoto,
    movePhoto,
    makeCover,
    reset,
  };
}

export type WizardMedia = ReturnType<typeof useWizardMedia>;

/** The file step 1 and the upload use: only a prepared video counts. */
export function readyVideo(video: VideoState): PickedFile | HeldFile | null {
  return video.status === 'ready' ? video.file : null;
}
