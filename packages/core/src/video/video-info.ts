/** What a probe learned about a media file, normalised from ffprobe's JSON so that rules never read raw ffprobe. */
export interface VideoInfo {
  durationSec: number;
  /** Coded size of the first video stream, before any rotation is applied. */
  width: number;
  height: number;
  videoCodec: string | null;
  /** e.g. 'High', 'Main', 'Constrained Baseline' */
  profile: string | null;
  pixFmt: string | null;
  /** Average frames per second of the first video stream; 0 when unknown. */
  frameRate: number;
  /** Average bitrate of the first video stream in kbit/s (the container's when the stream does not say); null when unknown. */
  videoBitrateKbps: number | null;
  audioCodec: string | null;
  audioSampleRate: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
  /** Clockwise display rotation in degrees: 0, 90, 180 or 270. */
  rotation: number;
  /** ffprobe's container names, e.g. 'mov,mp4,m4a,3gp,3g2,mj2' */
  formatName: string;
  /** The ISO file's major brand ('isom', 'mp42', 'qt  ' for QuickTime); null for other containers. */
  majorBrand: string | null;
  /** Streams besides the first video and the first audio one: depth maps, cover pictures, GPS or data tracks. */
  extraStreams: number;
  /** Names of the tags that describe the recording (location, device, dates, titles), container and streams. */
  metadataTags: string[];
  /** MP4/MOV: true when the index (moov) comes before the media (faststart); null when it was not read. */
  indexFirst: boolean | null;
}
