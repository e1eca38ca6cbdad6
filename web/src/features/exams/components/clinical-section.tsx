import { Card } from '../../../components/ui/card';
import type { Exam } from '../api';

const num = (v: number | null | undefined, unit: string) => (v === null || v === undefined ? null : `${String(v).replace('.', ',')} ${unit}`);

/**
 * The exam's clinical record (issue 14): anamnese, meatoscopia per ear, masking used, speech
 * audiometry (SRT/LRF in dB, IPRF in %) and the observations typed in the entry form.
 */
export function ClinicalSection({ exam }: { exam: Exam }) {
  const s = exam.speechTest;
  return (
    <Card title="Dados clínicos e observações">
      <dl className="exam-facts exam-clinical">
        <Item label="Anamnese" value={exam.anamnese} wide />
        <Item label="Meatoscopia OD" value={exam.meatoscopia?.od ?? null} />
        <Item label="Meatoscopia OE" value={exam.meatoscopia?.oe ?? null} />
        <Item label="Mascaramento" value={exam.mascaramento} wide />
        <Item label="SRT/LRF OD" value={num(s?.srtRe, 'dB')} />
        <Item label="SRT/LRF OE" value={num(s?.srtLe, 'dB')} />
        <Item label="IPRF OD" value={num(s?.wrsRe, '%')} />
        <Item label="IPRF OE" value={num(s?.wrsLe, '%')} />
        <Item label="Observações" value={exam.observacoes} wide />
      </dl>
    </Card>
  );
}

function Item({ label, value, wide }: { label: string; value: string | null; wide?: boolean }) {
  return (
    <div className={wide ? 'exam-clinical__wide' : undefined}>
      <dt>{label}</dt>
      <dd className={value ? 'exam-clinical__text' : 'exam-clinical__empty'}>{value || 'Não informado'}</dd>
    </div>
  );
}
