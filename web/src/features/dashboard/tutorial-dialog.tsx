import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';

const TUTORIAL_STEPS = [
  { title: 'Cadastre o paciente', text: 'Em Pacientes → Novo Paciente, informe nome, idade e sexo; empresa e cargo ajudam a agrupar os laudos.' },
  { title: 'Registre o exame audiométrico', text: 'Digite os limiares por via aérea (250 a 8000 Hz, incluindo 3000 e 6000 Hz) e, se houver, por via óssea; ou envie o arquivo do audiograma no assistente de laudo.' },
  { title: 'Confira a classificação', text: 'O exame mostra o audiograma e a classificação da NR-7 (Anexo II) por orelha, com as pendências de validade do exame.' },
  { title: 'Organize o laudo com IA', text: 'No assistente, escolha o tipo de consulta e de audiometria; a IA organiza o rascunho, que você revisa, edita e exporta em PDF.' },
  { title: 'Acompanhe a evolução', text: 'Com dois ou mais exames, a evolução mostra a média tonal ao longo do tempo e alerta sobre desencadeamento ou agravamento.' },
];

/** The dashboard's "Tutorial": the workflow in five steps (a lazy chunk, loaded on the first click). */
export default function TutorialDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Como usar o Limiar"
        description="O fluxo de trabalho, do cadastro ao laudo, em cinco passos."
        size="lg"
        footer={
          <DialogClose asChild>
            <Button>Entendi</Button>
          </DialogClose>
        }
      >
        <ol className="dashboard__tutorial">
          {TUTORIAL_STEPS.map((s, i) => (
            <li key={s.title}>
              <span className="dashboard__tutorial-n" aria-hidden="true">
                {i + 1}
              </span>
              <div>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </DialogContent>
    </Dialog>
  );
}
