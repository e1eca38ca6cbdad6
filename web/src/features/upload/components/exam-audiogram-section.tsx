import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Card } from '../../../components/ui/card';
import { useAuth } from '../../auth';
import type { Exam } from '../api';
import { AiStatusPanel, type AiStatus } from './ai-status-panel';
import { AudiogramReviewGrid } from './audiogram-review-grid';
import { FileDropZone } from './file-drop-zone';

/**
 * 'Audiograma do exame' on the exam detail page: upload an audiogram file for an existing exam,
 * follow its automatic reading, then review (or type) the thresholds and save them.
 */
export function ExamAudiogramSection({ exam }: { exam: Exam }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [refreshKey, setRefreshKey] = useState(0);
  const [latest, setLatest] = useState<Exam>(exam);
  const [panelRun, setPanelRun] = useState(0);
  // The last settled state of the panel ('checking' is skipped, so a re-check keeps the grid open).
  const [status, setStatus] = useState<AiStatus | null>(null);

  // The panel runs once a file was read (or failed) for this exam, or after an upload here.
  const showPanel = exam.ambienteJson !== null || refreshKey > 0;
  const ambiente = latest.ambienteJson;
  const showGrid = showPanel && (status === 'extracted' || status === 'review' || status === 'failed' || status === 'timeout');
  const refreshPage = () => void queryClient.invalidateQueries({ queryKey: ['exams', 'detail', exam.id] });

  return (
    <Card
      title="Audiograma do exame"
      description="Envie o arquivo do audiograma (PDF, JPEG ou PNG) para leitura automática e revise os limiares antes de organizar o laudo."
      className="exam-audiogram-upload"
    >
      <div className="exam-audiogram-upload__top">
        <FileDropZone examId={exam.id} userId={user?.id} onUploaded={(r) => {
            if (r.uploaded === 0) return;
            setStatus(null);
            setRefreshKey((k) => k + 1);
          }}
        />
        {showPanel && (
          <AiStatusPanel
            examId={exam.id}
            refreshKey={`${refreshKey}:${panelRun}`}
            onData={setLatest}
            onStatusChange={(s) => {
              if (s === 'checking') return;
              setStatus(s);
              if (refreshKey > 0 && (s === 'extracted' || s === 'failed' || s === 'review')) refreshPage();
            }}
          />
        )}
      </div>
      {showGrid && (
        <AudiogramReviewGrid
          key={`${latest.id}:${ambiente?.extractedAt ?? ''}:${refreshKey}`}
          exam={latest}
          onSaved={(updated) => {
            setLatest(updated);
            setPanelRun((r) => r + 1);
            refreshPage();
          }}
        />
      )}
    </Card>
  );
}
