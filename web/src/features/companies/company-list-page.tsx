import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '../../components/data-table/data-table';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { LoadingState } from '../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../components/ui/states';
import { paths } from '../../config/paths';
import { toast } from '../../lib/toast';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useCan } from '../auth';
import { companyKeys, createCompany, listCompanies, type Company } from './api';
import { IncompleteBadge } from './badges';
import { CompanyForm } from './company-form';
import { count } from './format';
import './companies.css';

const column = createColumnHelper<Company>();
const columns = [
  column.accessor('name', {
    header: 'Razão social',
    cell: ({ row }) => (
      <span className="company-name">
        <Link className="data-table__link" to={paths.companyDetail.getHref(row.original.id)}>
          {row.original.name}
        </Link>
        {row.original.tradeName && <span className="company-name__trade">{row.original.tradeName}</span>}
      </span>
    ),
  }),
  column.accessor('cnpjFormatted', {
    header: 'CNPJ',
    cell: ({ row }) => (row.original.needsCompletion ? <IncompleteBadge /> : row.original.cnpjFormatted),
  }),
  column.accessor('activeWorkers', { header: 'Trabalhadores ativos', meta: { align: 'end' }, cell: (i) => count(i.getValue() ?? 0) }),
];

/** /empresas (issue 19): the organisation's companies, search by name or CNPJ, "Nova empresa" for 'programme.manage'. */
export default function CompanyListPage() {
  useDocumentTitle('Empresas');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canManage = useCan('programme.manage');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [creating, setCreating] = useState(false);
  const query = useQuery({ queryKey: companyKeys.list(q), queryFn: ({ signal }) => listCompanies(q, signal), placeholderData: keepPreviousData });

  async function create(body: Parameters<typeof createCompany>[0]) {
    const saved = await createCompany(body);
    await queryClient.invalidateQueries({ queryKey: companyKeys.all });
    toast.success('Empresa cadastrada.');
    setCreating(false);
    navigate(paths.companyDetail.getHref(saved.id));
  }

  return (
    <div className="ui-page companies">
      <PageHeader
        title="Empresas"
        description="Empresas atendidas, com setores, GHEs e a exposição a ruído do programa de conservação auditiva."
        actions={canManage && <Button onClick={() => setCreating(true)}>Nova empresa</Button>}
      />
      <Card padding="none">
        <div className="companies__toolbar">
          <Input type="search" aria-label="Buscar empresa por razão social, nome fantasia ou CNPJ" placeholder="Buscar por razão social, nome fantasia ou CNPJ..." value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        {query.isPending ? (
          <LoadingState />
        ) : query.isError ? (
          <ErrorState message="Erro ao carregar empresas. Tente novamente." onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : query.data.length === 0 ? (
          <EmptyState
            title={q ? 'Nenhuma empresa encontrada' : 'Nenhuma empresa cadastrada'}
            description={q ? 'Confira a busca.' : 'Cadastre a empresa com o CNPJ, ou informe a empresa no cadastro do trabalhador.'}
          />
        ) : (
          <DataTable caption="Empresas" data={query.data} columns={columns} getRowId={(c) => c.id} />
        )}
      </Card>
      <Dialog open={creating} onOpenChange={setCreating}>
        <DialogContent title="Nova empresa" description="Razão social e CNPJ identificam a empresa nos relatórios do programa." size="lg">
          <CompanyForm company={null} submitLabel="Cadastrar empresa" onSave={create} onCancel={() => setCreating(false)} />
        </DialogContent>
      </Dialog>
    </div>
  );
}
