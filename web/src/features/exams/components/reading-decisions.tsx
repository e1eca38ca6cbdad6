import { useQuery } from '@tanstack/react-query';
import { Card } from '../../../components/ui/card';
import { attributionText } from '../../../lib/attribution';
import { fetchReadings, type ExamReading } from '../../upload';
import type { Exam } from '../api';

const VERB: Record<'applied' | 'discarded', string> = { applied: 'aplicada', discarded: 'descartada' };

/** "Leitura de grafico.png aplicada por Nome (CRM 123/SP) em 25/11/2026 10:32". */
export function readingDecisionText(r: Pick<ExamReading, 'fileName' | 'status' | 'reviewedBy'>): string | null {
  if (r.status === 'pending' || !r.reviewedBy) return null;
  return `Leitura de ${r.fileName} ${VERB[r.status]} por ${attributionText(r.reviewedBy)}`;
}

/**
 * Who applied or discarded the readings of the exam's files held for review, and when (issue 18).
 * Only exams with a file read have readings; nothing is shown until one was decided.
 */
export function ReadingDecisions({ exam }: { exam: Exam }) {
  const readings = useQuery({
    queryKey: ['exams', 'readings', exam.id],
    queryFn: ({ signal }) => fetchReadings(exam.id, signal),
    enabled: exam.ambienteJson !== null,
  });
  const lines = (readings.data ?? []).map(readingDecisionText).filter((l): l is string => l !== null);
  if (lines.length === 0) return null;
  return (
    <Card title="Revisão de leituras">
      <ul className="exam-detail__reading-decisions" aria-label="Leituras revisadas">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </Card>
  );
}
