// hls.js's light build (no subtitles, alternate audio or DRM, which feed videos never have) ships without its own
// types entry; its API is the full build's.
declare module 'hls.js/light' {
  import Hls from 'hls.js';
  export default Hls;
}
