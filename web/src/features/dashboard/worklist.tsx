import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { WorklistGroupName, WorklistGroupResponse, WorklistResponse } from '../../../../adapters/src/http/contract/worklist';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../components/ui/states';
import { paths } from '../../config/paths';
import { api } from '../../lib/api-client';

/** Items per group on the dashboard; "Ver todos" loads the group in pages of {@link PAGE}. */
const FIRST = 5;
const PAGE = 20;

type Item<G extends WorklistGroupName> = WorklistResponse[G]['items'][number];

const dateBr = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

const REASON_TEXT: Record<string, string> = {
  identity_mismatch: 'arquivo de outra pessoa',
  confidence: 'confiança não alta',
  existing_thresholds: 'exame já tinha limiares',
};

interface GroupSpec<G extends WorklistGroupName> {
  key: G;
  title: string;
  /** What to do, read with the count. */
  hint: string;
  href: (item: Item<G>) => string;
  /** The link text (names the worker) and a short detail line. */
  label: (item: Item<G>) => string;
  detail: (item: Item<G>) => ReactNode;
  tone?: 'danger' | 'warning';
}

const GROUPS: { [G in WorklistGroupName]: GroupSpec<G> } = {
  readingsToReview: {
    key: 'readingsToReview',
    title: 'Leituras aguardando revisão',
    hint: 'Leituras retidas ou que falharam: revise no exame.',
    href: (i) => paths.examDetail.getHref(i.examId),
    label: (i) => `${i.patientName} — exame de ${dateBr(i.examDate)}`,
    detail: (i) =>
      i.kind === 'failed'
        ? 'Leitura automática falhou — preencher manualmente'
        : `${i.fileName ?? 'arquivo'}: ${i.reasons.map((r) => REASON_TEXT[r] ?? r).join(', ')}`,
    tone: 'danger',
  },
  unaddressedChanges: {
    key: 'unaddressedChanges',
    title: 'Desencadeamento ou agravamento sem laudo',
    hint: 'O último exame mostra mudança e nenhum laudo a trata.',
    href: (i) => paths.examDetail.getHref(i.examId),
    label: (i) => `${i.patientName} — exame de ${dateBr(i.examDate)}`,
    detail: (i) => [i.desencadeamento && 'Desencadeamento', i.agravamento && 'Agravamento'].filter(Boolean).join(' e ') + (i.companyName ? ` · ${i.companyName}` : ''),
    tone: 'warning',
  },
  draftReports: {
    key: 'draftReports',
    title: 'Laudos em rascunho',
    hint: 'Revise e finalize.',
    href: (i) => paths.reportEditor.getHref(i.examId),
    label: (i) => `${i.patientName} — exame de ${dateBr(i.examDate)}`,
    detail: (i) => `${i.type === 'nexo-causal' ? 'Nexo causal' : 'Laudo simples'} · editado em ${dateBr(i.updatedAt)}`,
  },
  examsWithoutReport: {
    key: 'examsWithoutReport',
    title: 'Exames sem laudo',
    hint: 'Organize o laudo a partir do exame.',
    href: (i) => paths.examDetail.getHref(i.examId),
    label: (i) => `${i.patientName} — exame de ${dateBr(i.examDate)}`,
    detail: (i) => [i.hasThresholds ? null : 'sem limiares', i.companyName].filter(Boolean).join(' · ') || 'pronto para o laudo',
  },
};

const ORDER: WorklistGroupName[] = ['readingsToReview', 'unaddressedChanges', 'draftReports', 'examsWithoutReport'];

/**
 * Dashboard "Pendências" (issue 14): the work waiting for the professional, in four groups with
 * their counts, each item a link to where it is done; "Ver todos" pages through a long group.
 */
export function Worklist() {
  const worklist = useQuery({
    queryKey: ['worklist', 'first'],
    queryFn: ({ signal }) => api.get<WorklistResponse>(`/worklist?limit=${FIRST}`, { signal }),
  });

  let body: ReactNode;
  if (worklist.isPending) body = <Spinner label="Carregando pendências..." />;
  else if (worklist.isError)
    body = <ErrorState message="Não foi possível carregar as pendências. Tente novamente." onRetry={() => void worklist.refetch()} retrying={worklist.isFetching} />;
  else if (ORDER.every((g) => worklist.data[g].total === 0))
    body = <EmptyState title="Nenhuma pendência" description="Exames, laudos e leituras estão em dia." />;
  else
    body = (
      <div className="worklist__groups">
        {ORDER.map((g) => (
          <WorklistGroup key={g} spec={GROUPS[g] as GroupSpec<WorklistGroupName>} first={worklist.data[g] as WorklistResponse[WorklistGroupName]} />
        ))}
      </div>
    );

  const total = worklist.data ? ORDER.reduce((n, g) => n + worklist.data[g].total, 0) : null;
  return (
    <Card title="Pendências" description={total ? `${total.toLocaleString('pt-BR')} item(ns) aguardando você.` : 'O que aguarda você.'} className="worklist">
      {body}
    </Card>
  );
}

function WorklistGroup<G extends WorklistGroupName>({ spec, first }: { spec: GroupSpec<G>; first: WorklistResponse[G] }) {
  const [expanded, setExpanded] = useState(false);
  const more = useInfiniteQuery({
    queryKey: ['worklist', 'group', spec.key],
    enabled: expanded,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => api.get<WorklistGroupResponse<G>>(`/worklist?group=${spec.key}&limit=${PAGE}&offset=${pageParam}`, { signal }),
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? loaded : undefined;
    },
  });
  const items = (expanded && more.data ? more.data.pages.flatMap((p): unknown[] => p.items) : (first.items as unknown[])) as Item<G>[];
  const headingId = `worklist-${spec.key}`;

  return (
    <section className={`worklist-group${spec.tone ? ` worklist-group--${spec.tone}` : ''}`} aria-labelledby={headingId} data-group={spec.key}>
      <h3 id={headingId} className="worklist-group__title">
        <span>{spec.title}</span>
        <span className="worklist-group__count" data-testid={`worklist-count-${spec.key}`} aria-label={`${first.total} pendência(s)`}>
          {first.total}
        </span>
      </h3>
      {first.total === 0 ? (
        <p className="worklist-group__none">Nada pendente.</p>
      ) : (
        <>
          <p className="worklist-group__hint">{spec.hint}</p>
          <ul className="worklist-group__list">
            {items.map((item, i) => (
              <li key={`${spec.href(item)}:${i}`}>
                <Link className="worklist-item" to={spec.href(item)}>
                  <span className="worklist-item__label">{spec.label(item)}</span>
                  <span className="worklist-item__detail">{spec.detail(item)}</span>
                </Link>
              </li>
            ))}
          </ul>
          {expanded && more.isPending && <Spinner size="sm" label="Carregando..." />}
          {expanded && more.isError && (
            <ErrorState message="Não foi possível carregar a lista completa." onRetry={() => void more.refetch()} retrying={more.isFetching} />
          )}
          <div className="worklist-group__more">
            {!expanded && first.total > first.items.length && (
              <Button variant="ghost" size="sm" onClick={() => setExpanded(true)}>
                Ver todos ({first.total})
              </Button>
            )}
            {expanded && more.hasNextPage && (
              <Button variant="ghost" size="sm" loading={more.isFetchingNextPage} loadingText="Carregando..." onClick={() => void more.fetchNextPage()}>
                Carregar mais ({items.length} de {first.total})
              </Button>
            )}
            {expanded && more.data && (
              <Button variant="ghost" size="sm" onClick={() => setExpanded(false)}>
                Mostrar menos
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
