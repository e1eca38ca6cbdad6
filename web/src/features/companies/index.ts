/** The companies feature's public surface (issue 19): /empresas pages are routes; badges and the API are shared. */
export { ExposureBadge, IncompleteBadge } from './badges';
export { companyKeys, companyOptionLabel, getCompany, listCompanies, type Company, type CompanyDetail, type Ghe, type Sector } from './api';
