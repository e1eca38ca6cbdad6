import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { getToken } from '../../lib/api-client';
import { fetchReadings, mismatchSentences } from '../upload';
import type { ExamFile } from './api';

/**
 * Spec §2 'Ver Exame': the first file in a modal with its name and size in KB, 'Abrir em Nova Aba',
 * closed by X or a click outside; 'Imagem não disponível' when the image cannot be shown. Files
 * served by our API need the bearer token, so they are fetched and shown from a blob URL. When the
 * file's reading was held because it names another person (issue 14), the dialog says so in red.
 */
export function ExamFileDialog({ file, onClose, examId }: { file: ExamFile | null; onClose: () => void; examId?: string }) {
  const params = useParams();
  const exam = examId ?? params.id;
  const readings = useQuery({
    queryKey: ['exams', 'readings', exam],
    queryFn: ({ signal }) => fetchReadings(exam!, signal),
    enabled: Boolean(file && exam),
  });
  const held = file ? readings.data?.find((r) => r.fileId === file.id && r.identity.status === 'mismatch') : undefined;
  const [src, setSrc] = useState<string | null>(null);
  const [broken, setBroken] = useState(false);

  useEffect(() => {
    setSrc(null);
    setBroken(false);
    if (!file) return;
    if (!file.storageUrl.startsWith('/')) {
      setSrc(file.storageUrl);
      return;
    }
    let objectUrl: string | null = null;
    const controller = new AbortController();
    const token = getToken();
    fetch(file.storageUrl, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        objectUrl = URL.createObjectURL(await res.blob());
        setSrc(objectUrl);
      })
      .catch(() => !controller.signal.aborted && setBroken(true));
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [file]);

  const isImage = file?.mediaType.startsWith('image/') ?? false;
  return (
    <Dialog open={file !== null} onOpenChange={(open) => !open && onClose()}>
      {file && (
        <DialogContent title={file.fileName} description={`${Math.round(file.fileSizeBytes / 1024)} KB`} size="lg">
          <div className="exam-file">
            {held && (
              <div className="exam-file__identity" role="note" data-testid="file-identity-mismatch">
                <strong>{held.status === 'pending' ? 'Leitura retida — identificação divergente' : held.status === 'applied' ? 'Leitura aplicada por confirmação, apesar da identificação divergente' : 'Leitura descartada — identificação divergente'}</strong>
                {mismatchSentences(held).map((s) => (
                  <span key={s}>{s}</span>
                ))}
              </div>
            )}
            {broken || (!isImage && src) ? (
              <p className="exam-file__missing">{isImage || broken ? 'Imagem não disponível' : 'Pré-visualização indisponível para este tipo de arquivo.'}</p>
            ) : src ? (
              <img className="exam-file__image" src={src} alt={`Arquivo do exame: ${file.fileName}`} onError={() => setBroken(true)} />
            ) : (
              <p className="exam-file__missing">Carregando...</p>
            )}
            {src && (
              <a className="exam-file__open" href={src} target="_blank" rel="noreferrer">
                Abrir em Nova Aba
              </a>
            )}
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
