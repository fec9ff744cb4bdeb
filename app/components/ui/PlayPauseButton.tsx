import { PauseIcon, PlayIcon } from "~/components/ui/icons";

/** The play/pause control of an auto-advancing carousel, labelled "Pause <what>" / "Play <what>". */
export function PlayPauseButton({ playing, onToggle, what }: { playing: boolean; onToggle: () => void; what: string }) {
  return (
    <button type="button" className="icon-button carousel-button" aria-label={playing ? `Pause ${what}` : `Play ${what}`} onClick={onToggle}>
      {playing ? <PauseIcon width={16} height={16} /> : <PlayIcon width={16} height={16} />}
    </button>
  );
}
