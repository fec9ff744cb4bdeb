import { PauseIcon, PlayIcon } from "~/components/ui/icons";

/** The play/pause control of an auto-advancing carousel, labelled by what it does now ("Pause tour" / "Play tour"). */
export function PlayPauseButton({
  playing,
  onToggle,
  playLabel,
  pauseLabel,
}: {
  playing: boolean;
  onToggle: () => void;
  playLabel: string;
  pauseLabel: string;
}) {
  return (
    <button type="button" className="icon-button carousel-button" aria-label={playing ? pauseLabel : playLabel} onClick={onToggle}>
      {playing ? <PauseIcon width={16} height={16} /> : <PlayIcon width={16} height={16} />}
    </button>
  );
}
