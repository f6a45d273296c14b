import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { type MaterialInput, materialsApi } from '../../../api/materials';
import { PageHeader } from '../../../components/PageHeader';
import { materialKey } from './MaterialDetail';
import { MaterialForm } from './MaterialForm';
import { libraryPathOf } from './material-form';

/** manage/material/add and manage/material/edit/:uuid (administrator only), on the shared form. */
export default function ManageMaterialEdit() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { uuid } = useParams<{ uuid: string }>();
  const existing = useQuery({
    queryKey: materialKey(uuid ?? ''),
    enabled: !!uuid,
    queryFn: () => materialsApi.get(uuid ?? ''),
  });

  /** Errors are shown by the form (on their fields). */
  const save = async (input: MaterialInput) => {
    const saved = uuid ? await materialsApi.updateLibrary(uuid, input) : await materialsApi.addLibrary(input);
    message.success(t('materials.saved'));
    await queryClient.invalidateQueries({ queryKey: ['materials'] });
    if (uuid) queryClient.setQueryData(materialKey(uuid), saved);
    navigate('/plat/manage/material');
  };

  const title = uuid ? t('page.manageMaterialEdit') : t('page.manageMaterialAdd');
  return (
    <>
      <PageHeader
        title={title}
        extra={
          existing.data && (
            <Button onClick={() => navigate(libraryPathOf(existing.data.category))}>
              {t(`materials.category.${existing.data.category}`)}
            </Button>
          )
        }
      />
      {uuid && existing.isPending && (
        <Card>
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      )}
      {uuid && existing.isError && (
        <Alert
          type="error"
          showIcon
          title={t('common.loadFailed', { msg: existing.error.message })}
          action={
            <Button size="small" onClick={() => void existing.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
      {(!uuid || existing.data) && (
        <MaterialForm
          key={uuid ?? 'new'}
          initial={existing.data}
          onSubmit={save}
          onCancel={() => navigate('/plat/manage/material')}
          testid="manage-form"
        />
      )}
    </>
  );
}
