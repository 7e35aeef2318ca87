import { useEffect, useRef, useState } from "react";
import { m } from "../../../../common/messages";
import { Alert } from "../../../components/form";

const t = m.checkIns;

type Detector = { detect: (source: CanvasImageSource) => Promise<{ rawValue: string }[]> };
type DetectorClass = new (options: { formats: string[] }) => Detector;

/**
 * Reads a QR code from the back camera: the browser's BarcodeDetector where it exists, else
 * jsQR (loaded only when needed, so the page stays small) over frames drawn to a canvas.
 */
async function createReader(): Promise<(video: HTMLVideoElement) => Promise<string | null>> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (native) {
    const detector = new native({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import("jsqr");
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    if (!context || !video.videoWidth) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height)?.data ?? null;
  };
}

export function QrScanner({ onRead, onClose }: { onRead: (text: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    const start = async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const read = await createReader();
        const tick = async () => {
          if (stopped || !video.current) return;
          const text = await read(video.current).catch(() => null);
          if (text) onRead(text);
          else timer = window.setTimeout(tick, 250);
        };
        void tick();
      } catch {
        setFailed(true);
      }
    };
    void start();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [onRead]);

  return (
    <div className="qr-scanner">
      {failed ? (
        <Alert>{t.cameraFailed}</Alert>
      ) : (
        <>
          <p className="muted">{t.scanHelp}</p>
          <video ref={video} className="qr-scanner__video" muted playsInline />
        </>
      )}
      <button type="button" className="button button--secondary" onClick={onClose}>
        {t.stopScan}
      </button>
    </div>
  );
}
