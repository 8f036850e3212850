/**
 * The bpmn-js viewer of the flow chart. Only FlowChartDialog loads this module (lazily), so bpmn-js and its
 * styles reach the browser when a diagram is first opened, not with the lists.
 */
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import './diagram.css';
import { useEffect, useRef, useState } from 'react';
import type { FlowMarker } from './flowMarkers';

interface Canvas {
  zoom(level: 'fit-viewport'): void;
  addMarker(elementId: string, marker: string): void;
}
interface Registry {
  get(id: string): unknown;
}

export default function DiagramCanvas({
  xml,
  markers,
  onError,
  height = 520,
}: {
  xml: string;
  markers: FlowMarker[];
  onError: (message: string) => void;
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const viewer = new NavigatedViewer({ container: box.current! });
    let alive = true;
    viewer
      .importXML(xml)
      .then(() => {
        if (!alive) return;
        const canvas = viewer.get<Canvas>('canvas');
        const registry = viewer.get<Registry>('elementRegistry');
        canvas.zoom('fit-viewport');
        // An element the diagram does not draw (e.g. the engine's own withdraw end) is skipped.
        for (const m of markers) if (registry.get(m.elementId)) canvas.addMarker(m.elementId, m.marker);
        setReady(true);
      })
      .catch((e: unknown) => alive && onError(e instanceof Error ? e.message : String(e)));
    return () => {
      alive = false;
      viewer.destroy();
    };
  }, [xml, markers, onError]);

  return (
    <div
      ref={box}
      className="wf-flow-canvas"
      data-testid="flow-chart-canvas"
      data-ready={ready ? 'true' : 'false'}
      style={{ height, border: '1px solid rgba(5,5,5,0.06)' }}
    />
  );
}
