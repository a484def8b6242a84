import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../ui/PageHeader';
import { CustomerForm } from '../components/CustomerForm';
import { WithCustomer } from '../components/CustomerState';
import { CUSTOMERS_PATH } from '../paths';

/** `clients/:id`: the customer's form, filled with what is stored; saving replaces it all. */
export function CustomerEditPage() {
  const { t: nav } = useTranslation('navigation');
  const { id } = useParams();
  return (
    <>
      <PageHeader
        title={nav('screens.clientEdit.title')}
        breadcrumbs={[
          { label: nav('modules.ecommerce') },
          { label: nav('screens.clients.title'), to: CUSTOMERS_PATH },
          { label: nav('screens.clientEdit.title') },
        ]}
      />
      <WithCustomer id={id}>
        {(customer) => <CustomerForm key={customer.id} customer={customer} />}
      </WithCustomer>
    </>
  );
}
