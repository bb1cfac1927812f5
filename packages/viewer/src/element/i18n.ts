/** The element's own words, in English and Korean (`{name}` marks a value filled in). */
import type { TViewerLang } from "./types";

const en = {
  view: "3D view of {title}",
  loading: "Loading the 3D model",
  errorLoad: "The 3D model could not be loaded. Please check your connection and try again.",
  errorWebgl: "This browser cannot show 3D content (WebGL is turned off or missing).",
  retry: "Try again",
  toolbar: "Viewer controls",
  actions: "Actions",
  start: "Start motion simulation",
  pause: "Pause",
  resume: "Resume",
  stop: "Stop",
  prev: "Previous",
  next: "Next",
  rotate: "Auto rotation",
  size: "Size",
  description: "Description",
  images: "Attached image",
  speech: "Read aloud",
  speechStop: "Stop reading",
  guide: "How to use",
  more: "More",
  close: "Close",
  noMotion: "There is no motion simulation for this content.",
  noInfo: "No information",
  dims: "W\u00a0{w} × H\u00a0{h} × D\u00a0{d}",
  step: "Step {n} of {total}",
  playing: "Playing",
  paused: "Paused",
  stopped: "Stopped",
  image: "Image {n}",
  gDrag: "Drag to rotate",
  gZoom: "Scroll or pinch to zoom",
  gPan: "Right-drag or drag with two fingers to move",
  gMarker: "Click a number to open its description",
  gKeys: "Keys: ← → previous / next, Space start / pause, Esc close",
  logo: "Made with Vitrine (opens in a new tab)",
  ad: "Make your own 3D product page — Vitrine",
};

/** A word's key. */
export type TWord = keyof typeof en;

const ko: Record<TWord, string> = {
  view: "{title} 3D 보기",
  loading: "3D 모델을 불러오는 중",
  errorLoad: "3D 모델을 불러오지 못했습니다. 인터넷 연결을 확인한 뒤 다시 시도해 주세요.",
  errorWebgl: "이 브라우저에서는 3D 콘텐츠를 표시할 수 없습니다(WebGL이 꺼져 있거나 지원되지 않습니다).",
  retry: "다시 시도",
  toolbar: "뷰어 조작",
  actions: "동작 목록",
  start: "모션 시뮬레이션 시작",
  pause: "일시 정지",
  resume: "이어서 재생",
  stop: "정지",
  prev: "이전",
  next: "다음",
  rotate: "자동 회전",
  size: "크기",
  description: "설명",
  images: "첨부 이미지",
  speech: "음성으로 듣기",
  speechStop: "읽기 중지",
  guide: "사용 방법",
  more: "더 보기",
  close: "닫기",
  noMotion: "이 콘텐츠에는 모션 시뮬레이션이 없습니다.",
  noInfo: "정보 없음",
  dims: "가로\u00a0{w} × 높이\u00a0{h} × 깊이\u00a0{d}",
  step: "{total}단계 중 {n}단계",
  playing: "재생 중",
  paused: "일시 정지됨",
  stopped: "정지됨",
  image: "이미지 {n}",
  gDrag: "드래그하면 회전합니다",
  gZoom: "스크롤하거나 두 손가락을 오므리고 벌리면 확대·축소됩니다",
  gPan: "오른쪽 버튼이나 두 손가락으로 드래그하면 이동합니다",
  gMarker: "번호를 누르면 설명이 열립니다",
  gKeys: "키보드: ← → 이전/다음, Space 시작/일시 정지, Esc 닫기",
  logo: "Vitrine으로 만들었습니다(새 탭에서 열림)",
  ad: "나만의 3D 제품 페이지를 만들어 보세요 — Vitrine",
};

/** Both dictionaries (the completeness test reads them). */
export const DICTIONARIES: Record<TViewerLang, Record<TWord, string>> = { en, ko };

/** A word in `lang`, with `{name}` values filled in. */
export function word(lang: TViewerLang, key: TWord, values: Record<string, string | number> = {}): string {
  return DICTIONARIES[lang][key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ""));
}
