import { useEffect, useState } from 'react';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { getToken } from '../../lib/api-client';
import type { ExamFile } from './api';

/**
 * Spec §2 'Ver Exame': the first file in a modal with its name and size in KB, 'Abrir em Nova Aba',
 * closed by X or a click outside; 'Imagem não disponível' when the image cannot be shown. Files
 * served by our API need the bearer token, so they are fetched and shown from a blob URL.
 */
export function ExamFileDialog({ file, onClose }: { file: ExamFile | null; onClose: () => void }) {
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
