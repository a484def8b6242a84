import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/PageHeader';
import { CustomerForm } from '../components/CustomerForm';
import { CUSTOMERS_PATH } from '../paths';

/** `create`: a new customer with its contact, tax ID and addresses. */
export function CustomerCreatePage() {
  const { t: nav } = useTranslation('navigation');
  return (
    <>
      <PageHeader
        title={nav('screens.clientCreate.title')}
        breadcrumbs={[
          { label: nav('modules.ecommerce') },
          { label: nav('screens.clients.title'), to: CUSTOMERS_PATH },
          { label: nav('screens.clientCreate.title') },
        ]}
      />
      <CustomerForm />
    </>
  );
}
