/** A read-only diagram (bpmn-js NavigatedViewer, loaded on demand): a history version's process. */
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import { Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useLabel } from '../../../../app/i18n';
import { createViewer, openXml } from './modeler';

export default function DiagramViewer({ xml, height = 520 }: { xml: string; height?: number }) {
  const label = useLabel();
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'shown' | string>('loading');
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let alive = true;
    let destroy = () => {};
    void createViewer(el).then(async (viewer) => {
      if (!alive) return viewer.destroy();
      destroy = () => viewer.destroy();
      try {
        await openXml(viewer, xml);
        setState('shown');
      } catch (e) {
        setState(e instanceof Error ? e.message : String(e));
      }
    });
    return () => {
      alive = false;
      destroy();
    };
  }, [xml]);
  return (
    <div style={{ position: 'relative', height }} data-testid="diagram-viewer" data-state={state === 'shown' || state === 'loading' ? state : 'error'}>
      {state === 'loading' && <Spin style={{ position: 'absolute', inset: 0, margin: 'auto', height: 32 }} />}
      {state !== 'loading' && state !== 'shown' && (
        <Result status="error" title={label({ zh: '流程图无法打开', en: 'The diagram cannot be opened' })} subTitle={state} />
      )}
      <div ref={box} style={{ position: 'absolute', inset: 0 }} />
    </div>
  );
}
